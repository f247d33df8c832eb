export function AlertsPage() { return <div>AlertsPage</div>; }
