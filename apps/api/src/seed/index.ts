export { seedReference } from './reference';
export { seedDemo, DEMO_BRANCHES, insertBranch } from './demo';
export { insertStaffMember, type StaffMember } from './staff';
