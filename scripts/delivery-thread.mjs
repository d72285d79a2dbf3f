// The webhook delivery thread's entry (lib/events/delivery-thread.ts; scripts/serve.ts starts it
// with PostgreSQL): the app's TypeScript loads through tsx here too, then the thread runs.
import { register } from "tsx/esm/api";

register();
const { deliveryThreadMain } = await import("../lib/events/delivery-thread.ts");
await deliveryThreadMain();
