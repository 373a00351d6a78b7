/** The hidden approval routes (docs/product.md §2 /approve), opened by order number. */
export const approvalDetailPath = (orderNo: string) =>
  `/approve/detail?orderNo=${encodeURIComponent(orderNo)}`;

export const machineDetailPath = (orderNo: string, rejected: boolean) =>
  `/approve/machinerReview/${rejected ? 'machinerDetailReject' : 'machinerDetail'}?orderNo=${encodeURIComponent(orderNo)}`;
