// Every piece of HTML from the server goes through the shared policy (src/api/htmlPolicy.ts) before it is rendered.
import DOMPurify from 'dompurify';
import { sanitizeWith, type HtmlPolicyOptions } from '../../../contract/htmlPolicy';
import { useAppConfig } from '../../api/queries/settings';

/** Whether pictures from other sites may be shown (the ALLOW_EXTERNAL_IMAGES setting; off until known). */
export const useAllowExternalImages = (): boolean => useAppConfig().data?.allowExternalImages ?? false;

/** Sanitised HTML, safe for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string, opts: HtmlPolicyOptions = {}): string {
  return sanitizeWith(DOMPurify, html, opts);
}
