"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions/safe-action";
import { ReturnAccountFields } from "@/lib/bank/return-account";
import { confirmAction, explainLine, proposeAction } from "@/lib/reconciliation/exceptions";
import { reconcileDay } from "@/lib/reconciliation/run-reconciliation";
import { statementFileFromBytes } from "@/lib/reconciliation/statement-file";
import { STATEMENT_FORMATS } from "@/lib/reconciliation/statement-formats";
import { saveMapping, savedMapping } from "@/lib/reconciliation/statement-mappings";

/*
 * /admin/reconciliation (supplement §12): run a rail's day from its API or an uploaded
 * statement, and work the exceptions queue. Admins only (adminAction, checked fresh); each
 * action is audited; book, assign and return are proposed here and run when another admin
 * confirms them.
 */

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a day");
const Rail = z.string().trim().min(1, "Choose a rail").max(40);
/** Twice the 4 MB cap in characters (the action's body limit is 8 MB); bigger statements go through `owo reconcile run --file`. */
const MAX_FILE_CHARS = 8_000_000;

export const runDayAction = adminAction.inputSchema(z.object({ rail: Rail, day: Day })).action(async ({ parsedInput, ctx }) => {
  const { run } = await reconcileDay(ctx.db, { rail: parsedInput.rail, day: parsedInput.day, startedBy: ctx.actor.userId ?? "admin" });
  revalidatePath("/admin/reconciliation");
  return {
    runId: run.id,
    message: `${run.rail} ${run.day}: ${run.lines} lines, ${run.missingAtProvider + run.amountMismatch + run.unexpectedDebit} exceptions`,
  };
});

export const uploadStatementAction = adminAction
  .inputSchema(
    z.object({
      rail: Rail,
      day: Day,
      format: z.enum(STATEMENT_FORMATS, "Choose the file's format"),
      source: z.string().trim().max(100).optional(),
      fileName: z.string().trim().min(1, "Choose a file").max(200),
      text: z.string().min(1, "The file is empty").max(MAX_FILE_CHARS, "The file is larger than 4 MB: run it with npx owo reconcile run --file"),
    }),
  )
  .action(async ({ parsedInput: p, ctx }) => {
    const mapping = p.format === "bank" ? await savedMapping(ctx.db, p.source || p.rail) : undefined;
    const file = statementFileFromBytes(p.fileName, new TextEncoder().encode(p.text), p.format, mapping ?? undefined);
    const { run } = await reconcileDay(ctx.db, { rail: p.rail, day: p.day, file, startedBy: ctx.actor.userId ?? "admin" });
    revalidatePath("/admin/reconciliation");
    return { runId: run.id, message: `${p.fileName}: ${run.lines} lines, ${run.missingAtProvider + run.amountMismatch + run.unexpectedDebit} exceptions` };
  });

const Column = z.string().trim().max(100).optional();
export const saveMappingAction = adminAction
  .inputSchema(
    z.object({
      source: z.string().trim().min(1, "Name the source").max(100),
      rail: Rail,
      reference: Column,
      amount: Column,
      credit: Column,
      debit: Column,
      direction: Column,
      fee: Column,
      date: Column,
      status: Column,
      owoReference: Column,
      sessionId: Column,
    }),
  )
  .action(async ({ parsedInput: { source, rail, ...columns }, ctx }) => {
    await saveMapping(ctx.db, { source, rail, columns, actor: ctx.actor });
    revalidatePath("/admin/reconciliation");
    return { message: `Column mapping saved for ${source}` };
  });

const LineId = z.string().trim().uuid("No such statement line.");
const Note = z.string().trim().max(500, "A note is at most 500 characters").optional();

export const explainLineAction = adminAction
  .inputSchema(z.object({ id: LineId, note: z.string().trim().min(1, "Say what explains it").max(1000, "At most 1,000 characters") }))
  .action(async ({ parsedInput, ctx }) => {
    await explainLine(ctx.db, { ...parsedInput, actor: ctx.actor });
    revalidatePath("/admin/reconciliation");
    return { message: "Explained" };
  });

export const proposeBookAction = adminAction.inputSchema(z.object({ id: LineId })).action(async ({ parsedInput, ctx }) => {
  await proposeAction(ctx.db, { id: parsedInput.id, action: "book", actor: ctx.actor });
  revalidatePath("/admin/reconciliation");
  return { message: "Booking proposed: another admin confirms it" };
});

/** The same input as the Rails page's assign (components/admin/rails/assign-suspense.tsx), proposed instead of done. */
export const proposeAssignAction = adminAction
  .inputSchema(z.object({ id: LineId, merchantId: z.string().trim().uuid("Choose a merchant"), note: Note }))
  .action(async ({ parsedInput, ctx }) => {
    await proposeAction(ctx.db, { id: parsedInput.id, action: "assign", payload: { merchantId: parsedInput.merchantId }, actor: ctx.actor });
    revalidatePath("/admin/reconciliation");
    return { status: "open" as const, message: "Assignment proposed: another admin confirms it" };
  });

/** The same input as the Rails page's return (components/admin/rails/return-suspense.tsx), proposed instead of done. */
export const proposeReturnAction = adminAction
  .inputSchema(
    z.object({
      id: LineId,
      ...ReturnAccountFields,
      note: Note,
    }),
  )
  .action(async ({ parsedInput: { id, note: _note, ...payload }, ctx }) => {
    await proposeAction(ctx.db, { id, action: "return", payload, actor: ctx.actor });
    revalidatePath("/admin/reconciliation");
    return { status: "open" as const, message: "Return proposed: another admin confirms it" };
  });

export const confirmLineAction = adminAction.inputSchema(z.object({ id: LineId })).action(async ({ parsedInput, ctx }) => {
  const line = await confirmAction(ctx.db, { id: parsedInput.id, actor: ctx.actor });
  revalidatePath("/admin/reconciliation");
  return { message: `Confirmed: ${line.resolution}` };
});
