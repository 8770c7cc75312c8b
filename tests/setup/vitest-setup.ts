import { configurePasswordHashing } from "~/platform/security/password-hash.server";
import { TEST_PASSWORD_HASH_LOG_N } from "./test-settings";

// Every test file hashes passwords at the test cost (the production default has its own test).
configurePasswordHashing({ PASSWORD_HASH_LOG_N: TEST_PASSWORD_HASH_LOG_N });
