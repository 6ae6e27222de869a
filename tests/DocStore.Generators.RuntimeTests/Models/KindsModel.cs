using DocStore;
using DocStore.Bson;

namespace DocStore.Generators.RuntimeTests.Models;

public enum Color { Red, Green, Blue }

public enum Wide : ulong { Small = 1, Huge = ulong.MaxValue }

public struct Point
{
    public int X { get; set; }
    public int Y { get; set; }
}

public record Money(decimal Amount, string Currency);

public record struct Span2(int Low, int High);

/// <summary>Every supported member kind, constructor style and accessor style.</summary>
[Collection("Kitchen")]
[Index(nameof(Last), nameof(First))]
public partial class Everything
{
    [Key] public long Id { get; set; }
    public string First { get; set; } = "";
    public string Last { get; set; } = "";
    public bool Flag { get; set; }
    public byte Byte { get; set; }
    public sbyte SByte { get; set; }
    public short Short { get; set; }
    public ushort UShort { get; set; }
    public int Int { get; set; }
    public uint UInt { get; set; }
    public long Long { get; set; }
    public ulong ULong { get; set; }
    public nint NInt { get; set; }
    public nuint NUInt { get; set; }
    public char Char { get; set; }
    public float Float { get; set; }
    public double Double { get; set; }
    public decimal Decimal { get; set; }
    public string? Text { get; set; }
    public Guid Guid { get; set; }
    public ObjectId ObjectId { get; set; }
    public DateTime DateTime { get; set; }
    public DateTimeOffset DateTimeOffset { get; set; }
    public DateOnly DateOnly { get; set; }
    public TimeOnly TimeOnly { get; set; }
    public TimeSpan TimeSpan { get; set; }
    public byte[]? Bytes { get; set; }
    public Color Color { get; set; }
    public Wide Wide { get; set; }
    public int? MaybeInt { get; set; }
    public Color? MaybeColor { get; set; }
    public DateTime? MaybeDate { get; set; }
    public Point Point { get; set; }
    public Point? MaybePoint { get; set; }
    public Money? Price { get; set; }
    public Span2 Span { get; set; }
    public int[] Array { get; set; } = [];
    public List<string> List { get; set; } = new();
    public IReadOnlyList<Money> ReadOnlyList { get; set; } = [];
    public HashSet<Guid> Set { get; set; } = new();
    public Dictionary<string, int> Map { get; set; } = new();
    public Dictionary<string, List<Point>> Nested { get; set; } = new();
    public List<int?> Sparse { get; set; } = new();
    public required string Required { get; set; }
    public string InitOnly { get; init; } = "init default";
    public string PrivateSet { get; private set; } = "private default";
#pragma warning disable CA1051 // A public field is one of the member kinds under test.
    public int Field;
#pragma warning restore CA1051
    [Field("renamed")] public string NewName { get; set; } = "";
    [Ignore] public string Ignored { get; set; } = "";
    public int Computed => Int * 2;

    public void SetPrivate(string value) => PrivateSet = value;
}

/// <summary>A positional record collection with a Guid key.</summary>
[Collection]
public partial record Category(Guid Id, string Name)
{
    [Key] public Guid Id { get; init; } = Id;
}

/// <summary>A struct collection with an int key, a get-only auto-property and a private field.</summary>
[Collection]
public partial struct Counter
{
    public Counter(int id, int start)
    {
        Id = id;
        Start = start;
        _limit = 7;
    }

    [Key] public int Id { get; set; }
    public int Start { get; }
    [Field("hits")] private int _hits;
    [Field("limit")] private readonly int _limit = 7;

    public readonly int Hits => _hits;

    public readonly int Limit => _limit;

    /// <summary>A copy with another limit, to show that a read-only field round-trips.</summary>
    public readonly Counter WithLimit(int limit) => new(Id, Start, _hits, limit);

    private Counter(int id, int start, int hits, int limit)
    {
        Id = id;
        Start = start;
        _hits = hits;
        _limit = limit;
    }

    public void Hit() => _hits++;
}
