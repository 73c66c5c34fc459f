"""Records: the typed values every stage shares (what is asked, the limits and intent names, the answer), below
the reading, the resolving, the facts and the rendering; it imports none of them."""
