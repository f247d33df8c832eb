export interface ServerUser {
  id: string;
  email: string;
  is_active: boolean;
  is_admin: boolean;
  created_at: string;
  last_login: string | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginResponse {
  access_token: string;
  token_type: string;
}

export interface ForgotPasswordResponse {
  message: string;
  reset_token?: string;
}

export interface ValidateResetTokenResponse {
  valid: boolean;
  email?: string;
}
