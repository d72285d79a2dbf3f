import { describe, expect, it } from "vitest";
import { lagosDay } from "@/lib/lagos-day";
import { makeKey } from "@/tests/factories";
import { owoClient } from "./client";

describe("typed client: invoices (supplement §6)", () => {
  it("create a draft, update it (PUT, then PATCH with one field), send, pause, resume, list, get, cancel", async () => {
    const owo = owoClient((await makeKey({ config: { rateLimit: 10_000 } })).secretKey);
    const draft = await owo.createInvoice({
      customer_name: "Ada Obi",
      customer_email: "ada@example.com",
      line_items: [{ description: "Consulting", quantity: 2, unit_price: 150_000 }],
      due_date: lagosDay(),
    });
    expect(draft).toMatchObject({ status: "draft", subtotal: 300_000, total: 300_000 });
    expect((await owo.updateInvoice(draft.public_id, { note: "Thank you" })).note).toBe("Thank you");
    const patched = await owo.patchInvoice(draft.public_id, { customer_name: "Ada Obi-Okafor" });
    expect(patched).toMatchObject({ customer_name: "Ada Obi-Okafor", note: "Thank you", total: 300_000 });
    expect((await owo.sendInvoice(draft.public_id)).status).toBe("sent");
    expect((await owo.pauseInvoice(draft.public_id)).paused).toBe(true);
    expect((await owo.resumeInvoice(draft.public_id)).paused).toBe(false);
    expect((await owo.listInvoices({ status: "sent" })).items.map((i) => i.public_id)).toContain(draft.public_id);
    expect((await owo.getInvoice(draft.public_id)).invoice_number).toBe(draft.invoice_number);
    expect((await owo.cancelInvoice(draft.public_id)).status).toBe("cancelled");
  });
});
