/**
 * Verification calls before approval (/telemarketing/checkList, decision 0078), English: the
 * queue, the record dialog, and the checking status the review queues show.
 */
export const verification = {
  verification: {
    orderNo: 'Order number',
    customerName: 'Applicant',
    phone: 'Phone',
    amount: 'Applied amount',
    stage: 'Review stage',
    stages: { first: 'First review', final: 'Final review' },
    status: {
      label: 'Checking',
      not_checked: 'Not checked',
      failed: 'Failed',
      passed: 'Passed',
    },
    items: {
      label: 'Verified',
      employment: 'Employment',
      reference: 'Reference / contact',
      address: 'Address',
      identity: 'Identity',
    },
    checkedBy: 'Caller',
    checkedAt: 'Checked at',
    checkedOn: 'Checked on',
    notes: 'Notes',
    checks: 'Calls',
    record: {
      button: 'Record check',
      title: 'Verification call: {{orderNo}}',
      explain:
        "A call about the applicant's own application: it is made within the calling hours, also to a number that opted out of marketing. The latest call is the order's checking status.",
      items: 'Verified',
      result: 'Result',
      notes: 'Notes',
      notesHelp: 'Required when the check failed: what did not match',
      save: 'Save',
      success: 'Verification call recorded',
    },
    messages: {
      selectItems: 'Please select what was verified',
      selectResult: 'Please select the result',
      fillNotes: 'Please fill in what did not match',
    },
  },
};
