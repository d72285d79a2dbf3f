export * from "./columns";
export * from "./merchants";
export * from "./users";
export * from "./pay-ids";
export * from "./api-keys";
export * from "./rate-limits";
export * from "./audit-log";
