/**
 * The order detail: one order in full (customer masked, terms, amounts per component, history,
 * money movements, ledger, audit), shown by every screen that opens an order.
 */
export { OrderDetailPanel, OrderDetailView, type OrderDetailPanelProps } from './order-detail';
export { orderDetailPath, orderStatusTags } from './order-status';
export { useOwnOrderNo } from './use-own-order-no';
