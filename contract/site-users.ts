/** Wire shapes of the site-user calls. */

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}
