import { appError, invalidState } from "@/lib/errors";

export const LAST_OWNER_MESSAGE = "A business needs at least one owner.";

export const forbidden = () => appError("FORBIDDEN");
export const lastOwner = () => invalidState(LAST_OWNER_MESSAGE);
export const conflict = (message: string) => appError("CONFLICT", { message });
