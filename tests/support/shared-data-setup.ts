// Setup of the `data` project (vitest.config.ts): each of its files fails with this message,
// naming the missing folder, when ../shared/data is not beside the repository.
import { assertSharedData } from './shared-data';

assertSharedData();
