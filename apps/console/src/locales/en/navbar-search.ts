/** The navbar's "find an order" box (issue #10), English. */
export const navbarSearch = {
  navbarSearch: {
    label: 'Find an order',
    placeholder: 'Order no. or phone',
    hint: 'Enter an order number (LN…) or a 10-digit mobile number.',
  },
};
