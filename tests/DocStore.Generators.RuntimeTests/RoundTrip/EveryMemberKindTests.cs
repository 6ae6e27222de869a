using DocStore.Bson;
using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>Every supported member kind survives a write and a read, extremes included.</summary>
public class EveryMemberKindTests
{
    internal static Everything Full()
    {
        var value = new Everything
        {
            Id = 7,
            First = "Ada",
            Last = "Lovelace",
            Flag = true,
            Byte = byte.MaxValue,
            SByte = sbyte.MinValue,
            Short = short.MinValue,
            UShort = ushort.MaxValue,
            Int = int.MinValue,
            UInt = uint.MaxValue,
            Long = long.MinValue,
            ULong = ulong.MaxValue,
            NInt = nint.MinValue,
            NUInt = nuint.MaxValue,
            Char = '\uFFFF',
            Float = 3.25f,
            Double = -1.0e308,
            Decimal = 12345.6700m,
            Text = "héllo 🌍",
            Guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
            ObjectId = ObjectId.Parse("0123456789abcdef01234567"),
            DateTime = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Local).AddTicks(1234567),
            DateTimeOffset = new DateTimeOffset(2024, 2, 29, 13, 14, 15, TimeSpan.FromMinutes(-330)).AddTicks(7),
            DateOnly = DateOnly.MaxValue,
            TimeOnly = TimeOnly.MaxValue,
            TimeSpan = TimeSpan.MinValue,
            Bytes = [0, 1, 2, 255],
            Color = Color.Blue,
            Wide = Wide.Huge,
            MaybeInt = 0,
            MaybeColor = Color.Green,
            MaybeDate = DateTime.MinValue,
            Point = new Point { X = -1, Y = 2 },
            MaybePoint = new Point { X = 3, Y = 4 },
            Price = new Money(9.99m, "EUR"),
            Span = new Span2(1, 10),
            Array = [1, -2, int.MaxValue],
            List = ["a", "", "c"],
            ReadOnlyList = [new Money(1m, "USD"), new Money(2.50m, "GBP")],
            Set = [Guid.Empty, Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff")],
            Map = new() { ["one"] = 1, ["two"] = 2 },
            Nested = new() { ["path"] = [new Point { X = 1, Y = 1 }, new Point { X = 2, Y = 2 }] },
            Sparse = [1, null, 3],
            Required = "required value",
            InitOnly = "init value",
            Field = 42,
            NewName = "stored as renamed",
            Ignored = "not stored",
        };
        value.SetPrivate("private value");
        return value;
    }

    [Fact]
    public void Every_member_kind_round_trips()
    {
        Everything original = Full();
        Everything copy = Bytes.RoundTrip(EverythingCollection.DocumentModel, original);

        Assert.Equal(original.Id, copy.Id);
        Assert.Equal(original.First, copy.First);
        Assert.Equal(original.Last, copy.Last);
        Assert.Equal(original.Flag, copy.Flag);
        Assert.Equal(original.Byte, copy.Byte);
        Assert.Equal(original.SByte, copy.SByte);
        Assert.Equal(original.Short, copy.Short);
        Assert.Equal(original.UShort, copy.UShort);
        Assert.Equal(original.Int, copy.Int);
        Assert.Equal(original.UInt, copy.UInt);
        Assert.Equal(original.Long, copy.Long);
        Assert.Equal(original.ULong, copy.ULong);
        Assert.Equal(original.NInt, copy.NInt);
        Assert.Equal(original.NUInt, copy.NUInt);
        Assert.Equal(original.Char, copy.Char);
        Assert.Equal(original.Float, copy.Float);
        Assert.Equal(original.Double, copy.Double);
        Assert.Equal(original.Decimal, copy.Decimal);
        Assert.Equal("12345.6700", copy.Decimal.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(original.Text, copy.Text);
        Assert.Equal(original.Guid, copy.Guid);
        Assert.Equal(original.ObjectId, copy.ObjectId);
        Assert.Equal(original.DateTime, copy.DateTime);
        Assert.Equal(DateTimeKind.Local, copy.DateTime.Kind);
        Assert.Equal(original.DateTimeOffset, copy.DateTimeOffset);
        Assert.Equal(original.DateTimeOffset.Offset, copy.DateTimeOffset.Offset);
        Assert.Equal(original.DateOnly, copy.DateOnly);
        Assert.Equal(original.TimeOnly, copy.TimeOnly);
        Assert.Equal(original.TimeSpan, copy.TimeSpan);
        Assert.Equal(original.Bytes, copy.Bytes);
        Assert.Equal(original.Color, copy.Color);
        Assert.Equal(original.Wide, copy.Wide);
        Assert.Equal(original.MaybeInt, copy.MaybeInt);
        Assert.Equal(original.MaybeColor, copy.MaybeColor);
        Assert.Equal(original.MaybeDate, copy.MaybeDate);
        Assert.Equal(original.Point, copy.Point);
        Assert.Equal(original.MaybePoint, copy.MaybePoint);
        Assert.Equal(original.Price, copy.Price);
        Assert.Equal(original.Span, copy.Span);
        Assert.Equal(original.Array, copy.Array);
        Assert.Equal(original.List, copy.List);
        Assert.Equal(original.ReadOnlyList, copy.ReadOnlyList);
        Assert.Equal(original.Set, copy.Set);
        Assert.Equal(original.Map, copy.Map);
        Assert.Equal(original.Nested["path"], copy.Nested["path"]);
        Assert.Equal(original.Sparse, copy.Sparse);
        Assert.Equal(original.Required, copy.Required);
        Assert.Equal(original.InitOnly, copy.InitOnly);
        Assert.Equal("private value", copy.PrivateSet);
        Assert.Equal(original.Field, copy.Field);
        Assert.Equal(original.NewName, copy.NewName);
        Assert.Equal("", copy.Ignored);
    }

    [Fact]
    public void Null_values_round_trip_as_null()
    {
        var original = new Everything { Required = "r", Text = null, Bytes = null, MaybeInt = null, MaybeColor = null, MaybeDate = null, MaybePoint = null, Price = null };
        Everything copy = Bytes.RoundTrip(EverythingCollection.DocumentModel, original);
        Assert.Null(copy.Text);
        Assert.Null(copy.Bytes);
        Assert.Null(copy.MaybeInt);
        Assert.Null(copy.MaybeColor);
        Assert.Null(copy.MaybeDate);
        Assert.Null(copy.MaybePoint);
        Assert.Null(copy.Price);
    }

    [Fact]
    public void Ignored_and_computed_members_are_not_stored_and_Field_sets_the_stored_name()
    {
        var fields = new FieldDictionary();
        Bytes.Write(EverythingCollection.DocumentModel, Full(), fields);
        Assert.False(fields.TryGetId("Ignored", out _));
        Assert.False(fields.TryGetId("Computed", out _));
        Assert.False(fields.TryGetId("NewName", out _));
        Assert.True(fields.TryGetId("renamed", out _));
        Assert.True(fields.TryGetId("PrivateSet", out _));
        Assert.True(fields.TryGetId("Field", out _));
    }

    [Fact]
    public void Positional_record_round_trips_through_its_constructor()
    {
        var original = new Category(Guid.NewGuid(), "Books");
        Assert.Equal(original, Bytes.RoundTrip(CategoryCollection.DocumentModel, original));
    }

    [Fact]
    public void Struct_with_get_only_auto_property_and_private_field_round_trips()
    {
        var original = new Counter(3, 100);
        original.Hit();
        original.Hit();
        Counter copy = Bytes.RoundTrip(CounterCollection.DocumentModel, original.WithLimit(99));
        Assert.Equal(99, copy.Limit);
        Assert.Equal(3, copy.Id);
        Assert.Equal(100, copy.Start);
        Assert.Equal(2, copy.Hits);
    }

    [Fact]
    public void Writing_a_document_allocates_nothing_once_field_ids_are_known()
    {
        var fields = new FieldDictionary();
        var person = new Person { Email = "ada@example.org", Age = 36, Address = new() { City = "London", Street = "St James's Square" }, Tags = { "math", "poetry" } };
        byte[] destination = new byte[1024];
        for (int i = 0; i < 1000; i++)
        {
            Write(person, fields, destination);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10000; i++)
        {
            Write(person, fields, destination);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);

        static void Write(Person person, FieldDictionary fields, byte[] destination)
        {
            var writer = new CBsonWriter(destination);
            PersonCollection.DocumentModel.Write(ref writer, person, fields);
        }
    }
}
