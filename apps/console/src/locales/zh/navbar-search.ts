/** The navbar's "find an order" box (issue #10), Chinese. */
export const navbarSearch = {
  navbarSearch: {
    label: '查找订单',
    placeholder: '订单号或手机号',
    hint: '请输入订单号（LN…）或 10 位手机号。',
  },
};
