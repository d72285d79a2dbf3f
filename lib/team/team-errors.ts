import { AppError, invalidState } from "@/lib/errors";

export const LAST_OWNER_MESSAGE = "A business needs at least one owner.";

export const forbidden = () => new AppError({ code: "FORBIDDEN", status: 403, message: "Your role does not allow this action." });
export const lastOwner = () => invalidState(LAST_OWNER_MESSAGE);
export const conflict = (message: string) => new AppError({ code: "CONFLICT", status: 409, message });
