export function WebhooksPage() { return <div>WebhooksPage</div>; }
