export function GroupsPage() { return <div>GroupsPage</div>; }
