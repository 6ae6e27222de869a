using System.Data;
using System.Globalization;
using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// The reader hands out each .NET value DocStore stores as its CLR type, reads them from ISO 8601 text too,
/// and names the column, the row's _id and the value when a value cannot be read as asked.
/// </summary>
public sealed class DotNetValueReaderTests : IDisposable
{
    private static readonly DateTime Utc = new DateTime(2024, 2, 29, 13, 45, 30, DateTimeKind.Utc).AddTicks(1234567);
    private static readonly DateTime Unspecified = new(2023, 12, 31, 23, 59, 59, DateTimeKind.Unspecified);
    private static readonly DateTimeOffset Offset = new DateTimeOffset(2024, 3, 1, 8, 0, 0, TimeSpan.FromHours(2)).AddTicks(5);
    private static readonly DateOnly Day = new(2024, 2, 29);
    private static readonly TimeOnly Time = new(13, 45, 30, 500);
    private static readonly TimeSpan Duration = new(1, 2, 3, 4, 500);
    private static readonly Guid Ref = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e");
    private const decimal Price = 1.50m;

    private readonly DocStoreConnection _connection = new("Data Source=:memory:");

    public DotNetValueReaderTests()
    {
        _connection.Open();
        _connection.Context!.GetCollection("T");
        using var insert = new DocStoreCommand("INSERT INTO T (_id, utc, unspecified, offs, day, time, duration, ref, price, word, n) VALUES (1, @utc, @unspecified, @offs, @day, @time, @duration, @ref, @price, 'forty', 40)", _connection);
        insert.Parameters.AddWithValue("utc", Utc);
        insert.Parameters.AddWithValue("unspecified", Unspecified);
        insert.Parameters.AddWithValue("offs", Offset);
        insert.Parameters.AddWithValue("day", Day);
        insert.Parameters.AddWithValue("time", Time);
        insert.Parameters.AddWithValue("duration", Duration);
        insert.Parameters.AddWithValue("ref", Ref);
        insert.Parameters.AddWithValue("price", Price);
        insert.ExecuteNonQuery();
    }

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void GetValue_and_GetFieldType_give_each_clr_type()
    {
        using var reader = Select("utc, unspecified, offs, day, time, duration, ref, price");
        object[] expected = [Utc, Unspecified, Offset, Day, Time, Duration, Ref, Price];
        for (var i = 0; i < expected.Length; i++)
        {
            Assert.Equal(expected[i].GetType(), reader.GetFieldType(i));
            Assert.Equal(expected[i], reader.GetValue(i));
        }

        Assert.Equal(DateTimeKind.Utc, ((DateTime)reader.GetValue(0)).Kind);
        Assert.Equal(DateTimeKind.Unspecified, reader.GetDateTime(1).Kind);
        Assert.Equal("1.50", ((decimal)reader.GetValue(7)).ToString(CultureInfo.InvariantCulture));
    }

    [Fact]
    public void GetFieldValue_reads_each_type_from_its_value()
    {
        using var reader = Select("utc, unspecified, offs, day, time, duration, ref, price");
        Assert.Equal(Utc, reader.GetFieldValue<DateTime>(0));
        Assert.Equal(Unspecified, reader.GetFieldValue<DateTime?>(1));
        Assert.Equal(Offset, reader.GetFieldValue<DateTimeOffset>(2));
        Assert.Equal(Day, reader.GetFieldValue<DateOnly>(3));
        Assert.Equal(Time, reader.GetFieldValue<TimeOnly>(4));
        Assert.Equal(Duration, reader.GetFieldValue<TimeSpan>(5));
        Assert.Equal(Ref, reader.GetFieldValue<Guid>(6));
        Assert.Equal(Price, reader.GetFieldValue<decimal>(7));

        // Close relatives: a DateTimeOffset as its UTC DateTime, a UTC DateTime as a DateTimeOffset, a date as its midnight.
        Assert.Equal(Offset.UtcDateTime, reader.GetDateTime(2));
        Assert.Equal(new DateTimeOffset(Utc), reader.GetFieldValue<DateTimeOffset>(0));
        Assert.Equal(Day.ToDateTime(TimeOnly.MinValue), reader.GetDateTime(3));
    }

    [Fact]
    public void Each_value_reads_back_from_the_text_GetString_gives()
    {
        using var reader = Select("utc, unspecified, offs, day, time, duration, ref, price");
        var texts = Enumerable.Range(0, 8).Select(reader.GetString).ToArray();
        Assert.Equal(["2024-02-29T13:45:30.1234567Z", "2023-12-31T23:59:59.0000000", "2024-03-01T08:00:00.0000005+02:00", "2024-02-29", "13:45:30.5", "1.02:03:04.5000000", "0f8fad5b-d9cb-469f-a165-70867728950e", "1.50"], texts);

        // The same text as a string column (an untyped collection or a CSV import) reads as the type.
        var select = string.Join(", ", texts.Select((t, i) => $"'{t}' AS c{i}"));
        using var text = new DocStoreCommand($"SELECT {select} FROM T", _connection).ExecuteReader();
        Assert.True(text.Read());
        Assert.Equal(Utc, text.GetDateTime(0));
        Assert.Equal(DateTimeKind.Utc, text.GetDateTime(0).Kind);
        Assert.Equal(Unspecified, text.GetFieldValue<DateTime>(1));
        Assert.Equal(DateTimeKind.Unspecified, text.GetDateTime(1).Kind);
        Assert.Equal(Offset, text.GetFieldValue<DateTimeOffset>(2));
        Assert.Equal(Offset.Offset, text.GetFieldValue<DateTimeOffset>(2).Offset);
        Assert.Equal(Day, text.GetFieldValue<DateOnly>(3));
        Assert.Equal(Time, text.GetFieldValue<TimeOnly>(4));
        Assert.Equal(Duration, text.GetFieldValue<TimeSpan>(5));
        Assert.Equal(Ref, text.GetGuid(6));
        Assert.Equal(Price, text.GetDecimal(7));
    }

    [Fact]
    public void A_value_that_is_not_the_type_asked_for_names_column_row_and_value()
    {
        using var reader = Select("_id, word, n, time, utc");
        foreach (var (read, column, value) in new (Action Read, string Column, string Value)[]
        {
            (() => reader.GetInt32(1), "word", "forty"),
            (() => reader.GetFieldValue<int>(1), "word", "forty"),
            (() => reader.GetFieldValue<DateOnly>(1), "word", "forty"),
            (() => reader.GetFieldValue<DateTime>(2), "n", "40"),
            (() => reader.GetFieldValue<TimeSpan>(2), "n", "40"),
            (() => reader.GetDateTime(3), "time", "13:45:30.5"),
            (() => reader.GetFieldValue<DateOnly>(4), "utc", "2024-02-29T13:45:30.1234567Z"),
            (() => reader.GetFieldValue<Guid>(4), "utc", "2024-02-29T13:45:30.1234567Z"),
        })
        {
            var error = Assert.Throws<InvalidCastException>(read);
            Assert.Contains($"'{column}'", error.Message, StringComparison.Ordinal);
            Assert.Contains("_id 1", error.Message, StringComparison.Ordinal);
            Assert.Contains(value, error.Message, StringComparison.Ordinal);
        }
    }

    public sealed class Row
    {
        public int Id { get; set; }

        public int Count { get; set; }
    }

    public sealed class Moment
    {
        public DateTime Utc { get; set; }

        public DateTimeOffset Offset { get; set; }

        public DateOnly Day { get; set; }

        public TimeOnly Time { get; set; }

        public TimeSpan Duration { get; set; }

        public Guid Ref { get; set; }

        public decimal Price { get; set; }
    }

    [Fact]
    public void Dapper_maps_each_type_and_names_the_column_and_value_it_cannot_map()
    {
        var moment = _connection.QuerySingle<Moment>("SELECT utc AS Utc, offs AS Offset, day AS Day, time AS Time, duration AS Duration, ref AS Ref, price AS Price FROM T");
        Assert.Equal((Utc, Offset, Day, Time, Duration, Ref, Price), (moment.Utc, moment.Offset, moment.Day, moment.Time, moment.Duration, moment.Ref, moment.Price));

        // Dapper converts a column of another type itself and reports the column and the value it failed on.
        var error = Assert.ThrowsAny<Exception>(() => _connection.Query<Row>("SELECT _id AS Id, word AS Count FROM T").ToList());
        Assert.IsType<DataException>(error);
        Assert.Contains("Count", error.Message, StringComparison.Ordinal);
        Assert.Contains("forty", error.Message, StringComparison.Ordinal);
    }

    private DocStoreDataReader Select(string columns)
    {
        var reader = new DocStoreCommand($"SELECT {columns} FROM T", _connection).ExecuteReader();
        Assert.True(reader.Read());
        return reader;
    }
}
