export function UserManagementPage() { return <div>UserManagementPage</div>; }
