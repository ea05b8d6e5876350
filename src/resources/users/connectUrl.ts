/** 'Login as' opens `{appUrl}/connect?user_id={id}&token={token}` with a single-use token (`impersonationRecord` in shared/contract/users.ts). */
export const connectUrl = (appUrl: string, userId: string, token: string): string => `${appUrl}/connect?${new URLSearchParams({ user_id: userId, token })}`;
