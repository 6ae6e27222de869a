namespace DocStore.Generators.Tests.Models;

/// <summary>Representative model sources shared by the no-diagnostic, snapshot and caching tests.</summary>
internal static class TestModels
{
    /// <summary>The model from issue 4, as a user writes it.</summary>
    public const string Issue = """
        using System.Collections.Generic;
        using DocStore;

        namespace MyApp;

        [Collection]
        [Index("Address.City")]
        [Index("Tags[]")]
        public partial class Person
        {
            [Key] public ObjectId Id { get; set; }
            [Index(Unique = true)] public string Email { get; set; } = "";
            [Index] public int Age { get; set; }
            public Address Address { get; set; } = new();
            public List<string> Tags { get; set; } = new();
        }

        public class Address { public string Street { get; set; } = ""; public string City { get; set; } = ""; }

        public partial class AppDb : DocStoreContext { }
        """;

    /// <summary>Every supported member kind, constructor style and accessor style.</summary>
    public const string AllKinds = """
        using System;
        using System.Collections.Generic;
        using DocStore;
        using DocStore.Bson;

        namespace Kinds;

        public enum Color { Red, Green, Blue }
        public enum Wide : ulong { Small = 1, Huge = ulong.MaxValue }

        public struct Point { public int X { get; set; } public int Y { get; set; } }
        public record Money(decimal Amount, string Currency);
        public record struct Range(int Low, int High);

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
            public Range Range { get; set; }
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
            public int Field;
            [Field("renamed")] public string NewName { get; set; } = "";
            [Ignore] public string Ignored { get; set; } = "";
            public int Computed => Int * 2;

            public void SetPrivate(string value) => PrivateSet = value;
        }

        [Collection]
        public partial record Category(Guid Id, string Name)
        {
            [Key] public Guid Id { get; init; } = Id;
        }
        """;
}
