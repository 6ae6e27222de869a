using System.Globalization;

// The tests check what these members store on PostgreSQL, which DOCS027 reports.
#pragma warning disable DOCS027

namespace DocStore.PostgreSQL.Tests.Models;

// The models both backends run: every index kind (unique, single, composite, multikey, nested path) and the
// value types whose mapping must be lossless (decimal, DateTime kinds, DateTimeOffset, Guid, ObjectId, null).

/// <summary>A sequence-keyed collection with every index kind.</summary>
[Collection]
[Index(nameof(Last), nameof(First))]
[Index("Tags[]")]
[Index("Home.City")]
public partial class Member
{
    [Key] public int Id { get; set; }
    [Index(Unique = true)] public string Handle { get; set; } = "";
    [Index] public int Score { get; set; }
    public string Last { get; set; } = "";
    public string First { get; set; } = "";
    public Home? Home { get; set; }
    public List<string> Tags { get; set; } = [];
    public decimal Balance { get; set; }
    public DateTime Joined { get; set; }
    public DateTimeOffset? Seen { get; set; }
    public Guid Token { get; set; }
    public double Ratio { get; set; }
    public long Big { get; set; }
    public string? Note { get; set; }

    /// <summary>Every member as text, so two loads of one document compare equal exactly when every value round-tripped.</summary>
    public string Describe() => string.Join("|",
        Id, Handle, Score, Last, First, Home?.City ?? "(no home)", string.Join(",", Tags), Balance.ToString(CultureInfo.InvariantCulture),
        Joined.Ticks, Joined.Kind, Seen?.UtcTicks.ToString(CultureInfo.InvariantCulture) ?? "(null)", Seen?.Offset.ToString() ?? "(null)", Token, Ratio.ToString("R", CultureInfo.InvariantCulture), Big, Note ?? "(null)");
}

public class Home
{
    public string City { get; set; } = "";
}

/// <summary>An ObjectId-keyed collection (generated keys).</summary>
[Collection]
public partial class Note
{
    [Key] public ObjectId Id { get; set; }
    [Index] public string Title { get; set; } = "";
}

/// <summary>A string-keyed collection (ordinal key order, no generation).</summary>
[Collection]
public partial class Label
{
    [Key] public string Name { get; set; } = "";
    [Index] public Guid Owner { get; set; }
}

/// <summary>The context both backends open.</summary>
[ContextCollections(typeof(Member), typeof(Note), typeof(Label))]
public partial class MemberDb : DocStoreContext
{
}
