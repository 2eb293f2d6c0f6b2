import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Information pages are written in Markdown by operators and shown as HTML in the store. `marked`
// renders, `sanitize-html` then keeps only the tags of ordinary text (no script, iframe, style, form,
// event handler or inline style) and links to http(s), mailto, tel and the store's own paths; links
// to other sites open in a new tab without the opener. Raw HTML in the source is escaped, not kept.

const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    // operators write Markdown: HTML they type is shown as text, never interpreted
    html: ({ text }) => escapeHtml(text),
  },
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ALLOWED_TAGS = ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the page's own heading is its title (h1); headings in the text start one level below
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...kept } = attribs;
      const external = /^https?:\/\//i.test(kept.href ?? '');
      return { tagName, attribs: external ? { ...kept, target: '_blank', rel: 'noopener noreferrer' } : kept };
    },
  },
};

/** Sanitised HTML of an information page's Markdown. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return sanitizeHtml(html, SANITIZE);
}
