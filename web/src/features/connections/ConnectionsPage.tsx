export function ConnectionsPage() { return <div>ConnectionsPage</div>; }
