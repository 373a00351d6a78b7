import { defineEndpoint } from '../endpoint.js';
import {
  dailyOrderBodySchema,
  dailyOrderRetSchema,
  overdueCohortBodySchema,
  overdueCohortRetSchema,
} from './report.schema.js';

export const dailyOrderAnalysis = defineEndpoint({
  id: 'report.daily_order_analysis',
  method: 'POST',
  summary: 'Per India day: applications, reviews, disbursals, fees and GST, repayments, cleared',
  access: 'granted',
  mutates: false,
  body: dailyOrderBodySchema,
  query: undefined,
  ret: dailyOrderRetSchema,
});

export const orderOverdue = defineEndpoint({
  id: 'report.order_overdue',
  method: 'POST',
  summary: 'Per due-date cohort: due, first-day overdue, 1–7 and 8+ days overdue, recovered',
  access: 'granted',
  mutates: false,
  body: overdueCohortBodySchema,
  query: undefined,
  ret: overdueCohortRetSchema,
});

export const reportEndpoints = [dailyOrderAnalysis, orderOverdue] as const;
