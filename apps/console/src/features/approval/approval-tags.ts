import type { StatusTags } from '../../components/list-page';

export const stageTags: StatusTags<'first' | 'final'> = {
  first: { label: 'approval.stages.first', color: 'blue' },
  final: { label: 'approval.stages.final', color: 'purple' },
};

export const rejectionStageTags: StatusTags<'machine' | 'first' | 'final' | 'any'> = {
  machine: { label: 'approval.stages.machine', color: 'gold' },
  first: { label: 'approval.stages.first', color: 'blue' },
  final: { label: 'approval.stages.final', color: 'purple' },
  any: { label: 'approval.stages.any' },
};

export const decisionTags: StatusTags<'pass' | 'reject' | 'sendBack'> = {
  pass: { label: 'approval.decisions.pass', color: 'green' },
  reject: { label: 'approval.decisions.reject', color: 'red' },
  sendBack: { label: 'approval.decisions.sendBack', color: 'orange' },
};

export const machineResultTags: StatusTags<'pass' | 'reject'> = {
  pass: { label: 'approval.machine.results.pass', color: 'green' },
  reject: { label: 'approval.machine.results.reject', color: 'red' },
};

export const customerTypeTags: StatusTags<'new' | 'old'> = {
  new: { label: 'approval.customerTypes.new', color: 'cyan' },
  old: { label: 'approval.customerTypes.old' },
};
