export { FILTER_DEBOUNCE_MS, useDebouncedText } from '../../../lib/use-debounced-text';
