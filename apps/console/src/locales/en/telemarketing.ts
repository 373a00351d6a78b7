/** /telemarketing userList, checkList and telemarketingRate, English. */
export const telemarketing = {
  telemarketing: {
    phone: 'Phone',
    customerName: 'Name',
    sinceDate: 'Since',
    telemarketer: 'Telemarketer',
    assignment: 'Assignment',
    unassignedOnly: 'Not assigned yet',
    assignedAt: 'Assigned at',
    followStatus: 'Follow status',
    calls: 'Calls',
    callsToday: 'Calls today',
    callsTodayOf: '{{value}}/{{callCap}}',
    lastCallAt: 'Last call',
    nextCallDate: 'Next call',
    calledAt: 'Called at',
    source: {
      label: 'Source',
      regNotLoan: 'Registered, not borrowed',
      clearNotLoan: 'Cleared, not borrowing again',
      rejectReapply: 'Rejected, may apply again',
    },
    follow: {
      new: 'Not called yet',
      promise: 'Promise',
      connected: 'Connected',
      notConnected: 'Not connected',
    },
    conversion: {
      label: 'After assignment',
      none: 'No application',
      applied: 'Applied',
      disbursed: 'Disbursed',
    },
    call: {
      capReached:
        'This number has had {{calls}} of its {{cap}} calls today: the server will refuse another until tomorrow',
      button: 'Record call',
      title: 'Call to {{phone}}',
      hours: 'Calling hours {{start}}–{{end}} India time',
      outsideHours:
        'Outside the calling hours now: the server will refuse the call and keep the refused attempt in the call history.',
      outcome: 'Outcome',
      remarks: 'Remarks',
      nextCallDate: 'Next call on',
      save: 'Save',
      success: 'Call recorded',
    },
    optOut: {
      column: 'Opt-out',
      tag: 'Opted out',
      noCall:
        'This number opted out of marketing (a STOP reply, the DND registry or a request): it must not be called',
    },
    refusal: {
      any: 'Refused',
      outsideHours: 'Refused: outside hours {{hours}}',
      callCap: "Refused: the number's calls for the day were used up",
    },
    assign: {
      button: 'Assign',
      title: 'Assign {{count}} user(s)',
      telemarketer: 'Telemarketer',
      option: '{{name}} ({{count}} held)',
      ok: 'Assign',
      success: 'Success distribute',
    },
    refresh: {
      button: 'Refresh call list',
      title: 'Refresh the call list',
      text: 'Adds the users who registered and never borrowed, and those whose last loan cleared, who are not on the list yet.',
      ok: 'Refresh',
      done: '{{count}} user(s) added to the call list',
    },
    rate: {
      range: 'Assigned between',
      explain:
        'Users assigned on the day, and how many of them were called (÷ assigned), connected (÷ called), applied and disbursed (÷ assigned).',
      date: 'Assigned on',
      total: 'Total',
      assigned: 'Assigned',
      called: 'Called',
      connected: 'Connected',
      applied: 'Applied',
      disbursed: 'Disbursed',
    },
    messages: {
      selectOutcome: 'Please select a follow-up status',
      fillRemarks: 'Please fill in the remarks',
      selectTelemarketer: 'Please select a telemarketer',
    },
  },
};
