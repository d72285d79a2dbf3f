import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, MarkdownInline } from "./markdown";

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("the /docs markdown subset", () => {
  it("renders code, bold, emphasis, links, lists and paragraphs; no backtick is left", () => {
    const out = html("Amounts in `kobo`, **never** *floats*. See [the guide](/docs#inline-checkout).\n\n- one `a`\n- two\n\n1. first\n2. second");
    expect(out).toContain("<code");
    expect(out).toContain(">kobo</code>");
    expect(out).toContain("<strong>never</strong>");
    expect(out).toContain("<em>floats</em>");
    expect(out).toContain('href="/docs#inline-checkout"');
    expect(out).toMatch(/<ul[^>]*><li>one <code[^>]*>a<\/code><\/li><li>two<\/li><\/ul>/);
    expect(out).toMatch(/<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>/);
    expect(out).not.toContain("`");
  });

  it("keeps field names with underscores as they are", () => {
    expect(renderToStaticMarkup(createElement(MarkdownInline, { text: "customer_name and customer_email" }))).toBe("customer_name and customer_email");
  });

  it("never injects markup: HTML in a description is text, and unsafe links are not links", () => {
    const out = html('<img src=x onerror="alert(1)"> [click](javascript:alert(1)) [x](//evil.example)');
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;img");
    expect(out).not.toContain("javascript:");
    expect(out).not.toContain('href="//evil');
  });
});
