// npm run seed – the demo data, idempotently
import { main } from "@/lib/cli/main";

process.exit(await main(["seed", ...process.argv.slice(2)]));
