/**
 * The owner id of the demo's sample documents (never a real account: ids of users are UUIDs).
 * Its own module so the session code (in the entry chunk) does not pull in the sample data.
 */
export const DEMO_OWNER = 'demo'
