import { expect, test } from '@playwright/test';
import { DEMO, RESET_USER } from './e2e-env.ts';
import { latestResetLink, signIn } from './helpers.ts';

test.describe('sign-in and password reset', () => {
  test('the demo user signs in and lands on the dashboard', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The business's name, in the sidebar and in the profile menu.
    await expect(page.getByRole('link', { name: 'Vintry Demo Cellar' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Demo Owner Demo Cellar/ })).toBeVisible();
    // A reload keeps the session.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password').fill('NotThePassword1');
    await page.getByRole('button', { name: 'Login' }).click();
    const message = page.locator('.form-message');
    await expect(message).toHaveText('Invalid email or password');
    await expect(message).toHaveCSS('color', 'rgb(198, 40, 40)');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email address')).toHaveValue(DEMO.email);
  });

  test('forgot password: both validation messages, then the success message', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email address');
    const forgot = page.getByRole('button', { name: 'Forgot password?' });
    const message = page.locator('.form-message');

    await forgot.click();
    await expect(message).toHaveText('Please complete the email field');

    await email.fill('demo@vintry');
    await forgot.click();
    await expect(message).toHaveText('Please enter a valid email address');
    await expect(email).toHaveCSS('border-top-color', 'rgb(198, 40, 40)');

    await email.fill(DEMO.email);
    await forgot.click();
    await expect(message).toHaveText(
      'Password reset link has been sent to your email address. Please check your inbox.',
    );
    await expect(message).toHaveCSS('color', 'rgb(26, 127, 55)');
  });

  test('reset the password through the mailed link and sign in with the new one', async ({
    page,
  }) => {
    const requestedAt = Date.now();
    await page.goto('/login');
    await page.getByLabel('Email address').fill(RESET_USER.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.locator('.form-message')).toContainText('Password reset link has been sent');

    const link = new URL(await latestResetLink(RESET_USER.email, requestedAt));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Create your new password')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('New Password').fill('After2027x');
    await page.getByLabel('Confirm Password').fill('After2027x');
    await expect(page.locator('.password-checklist__item--met')).toHaveCount(4);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.locator('.form-message')).toHaveText(
      'Password has been reset successfully! Redirecting to login...',
    );
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await signIn(page, { email: RESET_USER.email, password: 'After2027x' });

    // The link works once.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New Password').fill('Again2028x');
    await page.getByLabel('Confirm Password').fill('Again2028x');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.locator('.form-message')).toHaveText(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
  });

  test('a protected URL while signed out goes to /login', async ({ page }) => {
    await page.goto('/inventory');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Welcome back! Please sign in to your account.')).toBeVisible();
  });
});
