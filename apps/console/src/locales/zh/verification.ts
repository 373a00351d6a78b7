/** 审批前的核实电话（/telemarketing/checkList，决策 0078），中文：核实队列、记录对话框、审核队列中的核实状态。 */
export const verification = {
  verification: {
    orderNo: '订单号',
    customerName: '申请人',
    phone: '手机号',
    amount: '申请金额',
    stage: '审核阶段',
    stages: { first: '初审', final: '终审' },
    status: {
      label: '核实状态',
      not_checked: '未核实',
      failed: '核实未通过',
      passed: '核实通过',
    },
    items: {
      label: '核实项目',
      employment: '工作单位',
      reference: '联系人 / 紧急联系人',
      address: '地址',
      identity: '身份',
    },
    checkedBy: '拨打人',
    checkedAt: '核实时间',
    checkedOn: '核实日期',
    notes: '备注',
    checks: '通话次数',
    record: {
      button: '记录核实',
      title: '核实电话：{{orderNo}}',
      explain:
        '这是关于申请人本人申请的电话：须在拨打时段内拨打，已退订营销信息的号码也可以拨打。最近一次通话的结果即订单的核实状态。',
      items: '核实项目',
      result: '结果',
      notes: '备注',
      notesHelp: '核实未通过时必填：哪些内容不一致',
      save: '保存',
      success: '核实电话已记录',
    },
    messages: {
      selectItems: '请选择核实的项目',
      selectResult: '请选择结果',
      fillNotes: '请填写不一致的内容',
    },
  },
};
