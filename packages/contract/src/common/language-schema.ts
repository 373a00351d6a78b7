import { z } from 'zod';
import { languages } from './languages.js';

/** A console language (common/languages.ts). */
export const languageSchema = z.enum(languages);
