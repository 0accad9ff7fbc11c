"""What the JSON routes and the downloads share: bodies and answers, paging, CSV."""
