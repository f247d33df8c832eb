export function LogsPage() { return <div>LogsPage</div>; }
