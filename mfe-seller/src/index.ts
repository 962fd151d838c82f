// Standalone development only: the async boundary Module Federation needs before shared code runs.
import('./bootstrap');
