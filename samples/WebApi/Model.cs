using DocStore;

namespace Bookmarks;

/// <summary>A saved link. Unique per URL; found by tag (multikey) and by owner (path index on the embedded owner).</summary>
[Collection]
[Index("Tags[]")]
[Index("Owner.Name")]
public partial class Bookmark
{
    [Key] public ObjectId Id { get; set; }
    [Index(Unique = true)] public string Url { get; set; } = "";
    public string Title { get; set; } = "";
    public List<string> Tags { get; set; } = new();
    public OwnerRef Owner { get; set; } = new();
    public DateTime CreatedUtc { get; set; }
}

/// <summary>Who saved a bookmark, embedded in it.</summary>
public class OwnerRef
{
    public string Name { get; set; } = "";
}

/// <summary>A user and how many bookmarks they saved (kept in step with the bookmarks in one transaction).</summary>
[Collection]
public partial class User
{
    [Key] public string Name { get; set; } = "";
    [Index(Unique = true)] public string Email { get; set; } = "";
    public int BookmarkCount { get; set; }
}

/// <summary>The service's database.</summary>
public partial class BookmarksDb : DocStoreContext { }
