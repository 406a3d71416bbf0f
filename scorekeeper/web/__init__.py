"""What every page and API answer shares: access and edit secrets, delivery of static files,
request guards, security headers, error answers, forms and template filters."""
