using Bookmarks;
using DocStore;
using DocStore.Extensions.DependencyInjection;

var builder = WebApplication.CreateBuilder(args);

// One context for the app: a singleton, opened from configuration ("DocStore:Path"), closed on shutdown.
builder.Services.AddDocStore<BookmarksDb>(builder.Configuration.GetSection("DocStore"), o =>
{
    if (string.IsNullOrEmpty(o.Path))
    {
        o.Path = "bookmarks.db";
    }
});
builder.Services.AddHealthChecks().AddDocStore<BookmarksDb>();
builder.Services.AddProblemDetails();

var app = builder.Build();
app.UseExceptionHandler();
app.UseStatusCodePages();
app.UseMiddleware<StoreErrors>();
app.MapHealthChecks("/health");

app.MapPost("/users", (NewUser body, BookmarksDb db) =>
{
    if (Validation.Check(body) is { Count: > 0 } errors)
    {
        return Results.ValidationProblem(errors);
    }

    var user = new User { Name = body.Name!.Trim(), Email = body.Email!.Trim() };
    db.Users.Insert(user);   // a taken name (the key) or email (unique index) throws DuplicateKeyException: 409
    return Results.Created($"/users/{user.Name}", user);
});

app.MapGet("/users/{name}", (string name, BookmarksDb db) =>
    db.Users.Get(name) is { } user ? Results.Ok(user) : Results.NotFound());

app.MapPost("/bookmarks", async (NewBookmark body, BookmarksDb db, CancellationToken cancel) =>
{
    if (Validation.Check(body) is { Count: > 0 } errors)
    {
        return Results.ValidationProblem(errors);
    }

    // The bookmark and its owner's count change together or not at all.
    await using var tx = await db.BeginTransactionAsync(cancel);
    var owner = db.Users.Get(tx, body.Owner!);
    if (owner is null)
    {
        return Results.ValidationProblem(new Dictionary<string, string[]> { ["owner"] = [$"No user '{body.Owner}'."] });
    }

    var bookmark = new Bookmark
    {
        Url = body.Url!,
        Title = body.Title ?? "",
        Tags = body.Tags ?? [],
        Owner = new OwnerRef { Name = owner.Name },
        CreatedUtc = DateTime.UtcNow,
    };
    await db.Bookmarks.InsertAsync(tx, bookmark, cancel);
    owner.BookmarkCount++;
    await db.Users.UpdateAsync(tx, owner, cancel);
    await tx.CommitAsync(cancel);
    return Results.Created($"/bookmarks/{bookmark.Id}", BookmarkView.From(bookmark));
});

app.MapGet("/bookmarks/{id}", (string id, BookmarksDb db) =>
    ObjectId.TryParse(id, null, out var key) && db.Bookmarks.Get(key) is { } bookmark
        ? Results.Ok(BookmarkView.From(bookmark))
        : Results.NotFound());

app.MapDelete("/bookmarks/{id}", async (string id, BookmarksDb db, CancellationToken cancel) =>
{
    if (!ObjectId.TryParse(id, null, out var key))
    {
        return Results.NotFound();
    }

    await using var tx = await db.BeginTransactionAsync(cancel);
    var bookmark = db.Bookmarks.Get(tx, key);
    if (bookmark is null)
    {
        return Results.NotFound();
    }

    await db.Bookmarks.DeleteAsync(tx, key, cancel);
    if (db.Users.Get(tx, bookmark.Owner.Name) is { } owner)
    {
        owner.BookmarkCount--;
        await db.Users.UpdateAsync(tx, owner, cancel);
    }

    await tx.CommitAsync(cancel);
    return Results.NoContent();
});

// Pages follow the continuation token each page returns (?after=...), which stays valid while documents
// are added or removed, unlike an offset.
app.MapGet("/bookmarks", async (string? tag, string? owner, int? limit, string? after, BookmarksDb db, CancellationToken cancel) =>
{
    var options = new QueryOptions { Take = Math.Clamp(limit ?? 20, 1, 100), After = after };
    var query = tag is not null ? db.Bookmarks.FindByTags(tag, options)
        : owner is not null ? db.Bookmarks.FindByOwnerName(owner, options)
        : db.Bookmarks.Scan(options);
    var page = await query.ToPageAsync(cancel);
    return Results.Ok(new PageView<BookmarkView>([.. page.Items.Select(BookmarkView.From)], page.Continuation));
});

app.Run();

/// <summary>The entry point's type, public so tests can start the app with WebApplicationFactory.</summary>
public partial class Program { }
