/** Business constants and limits of docs/product.md §9. */
/**
 * The admin API's base path. It lives here, not beside the endpoint catalogue
 * (access/interfaces.ts), so that the console's request client does not pull in every endpoint.
 */
export const ADMIN_API_BASE = '/admin-api';
export const PASSWORD_MIN_LENGTH = 8;
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['.xlsx'] as const;
export const MOBILE_BREAKPOINT_PX = 992;
export const REQUEST_TIMEOUT_MS = 200_000;
export const SIDEBAR_WIDTH_PX = 200;
export const CONTEXT_MENU_WIDTH_PX = 105;
export const TAG_SCROLL_PADDING_PX = 4;
export const BUSINESS_ERROR_TOAST_MS = 2000;
export const TRANSPORT_ERROR_TOAST_MS = 5000;
export const MESSAGE_Z_INDEX = 9999;
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const CURRENCY = 'INR';
