import { describe, expect, it } from "vitest";
import { faqQuestion } from "~contract/faqs";
import { htmlToText, isBlankHtml } from "~shared/html-text";
import { countHtmlWords } from "../../app/utils/words";

describe("htmlToText: the one reader of rich-text HTML as text", () => {
  it("drops tags, reads entities and blocks, one line or lines", () => {
    const html =
      "<h3>Is it <b>safe</b>?</h3><p>Yes &amp; no&nbsp;&lt;really&gt; &#39;ok&#39; &#x263A;</p><ul><li>one</li><li>two</li></ul>";
    expect(htmlToText(html)).toBe("Is it safe? Yes & no <really> 'ok' ☺ one two");
    expect(htmlToText(html, { lines: true })).toBe("Is it safe?\nYes & no <really> 'ok' ☺\none\ntwo");
    expect(htmlToText("Hel<b>lo</b><br>there<script>alert(1)</script><style>p{}</style>")).toBe("Hello there");
    expect(htmlToText("&unknown; stays")).toBe("&unknown; stays");
    expect(htmlToText(null)).toBe("");
  });

  it("tells a blank message whatever its markup", () => {
    for (const blank of ["", "<p><br></p>", "<p>&nbsp;</p>", "<p>\u00a0</p>", " <div> </div> "]) expect(isBlankHtml(blank)).toBe(true);
    expect(isBlankHtml("<p>&amp;</p>")).toBe(false);
    expect(isBlankHtml("<p>Hi</p>")).toBe(false);
  });

  it("is what the FAQ question and the word count read", () => {
    expect(faqQuestion("<h3>Do you <i>travel</i> &amp; shoot?</h3><p>Yes</p>")).toBe("Do you travel & shoot?");
    expect(faqQuestion("<h3><br></h3>")).toBeNull();
    expect(countHtmlWords("<p>Chartered accountant,</p><p>12 years &mdash; GST &amp; audit</p>")).toBe(6);
  });
});
