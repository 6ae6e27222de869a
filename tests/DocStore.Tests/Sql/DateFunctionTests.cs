using System.Globalization;
using DocStore.Bson.Model;
using Microsoft.Data.Sqlite;
using Microsoft.Extensions.Time.Testing;

namespace DocStore.Tests.Sql;

/// <summary>
/// The date and time functions over text and number time values give what SQLite gives: each expression
/// runs in both engines and the results must match in type and value.
/// </summary>
public sealed class DateFunctionTests : IDisposable
{
    private readonly DocStoreDatabase _db = DocStoreDatabase.OpenInMemory();
    private readonly SqliteConnection _sqlite = new("Data Source=:memory:");

    public DateFunctionTests()
    {
        _db.GetCollection("One").Insert(new BsonDocument { { "_id", 1 } });
        _sqlite.Open();
    }

    public static TheoryData<string> Expressions => new()
    {
        "date('2020-01-05')",
        "time('2020-01-05 10:30:15.123')",
        "datetime('2020-01-05T10:30')",
        "datetime('  2020-01-05 10:30')",
        "datetime('2020-01-05 10:30:15.123+02:00  ')",
        "datetime('2020-01-05 23:30:00-05:00')",
        "datetime('2020-01-05 23:30:00Z')",
        "julianday('2000-01-01 12:00:00')",
        "julianday('2020-01-05 10:30:15.123')",
        "julianday('2020-03-01') - julianday('2020-02-01')",
        "unixepoch('2020-01-05 10:30:15')",
        "unixepoch('1969-12-31 23:59:59.5')",
        "datetime(2451545.0)",
        "datetime(2451545)",
        "datetime('2460825.09444444')",
        "date('12:30')",
        "datetime('12:30:45')",
        "datetime('2020-01-31')",
        "date('2020-02-30')",
        "date('2020-01-31', '+1 month')",
        "date('2020-03-31', '-1 month')",
        "datetime('2020-01-05', '+1.5 days')",
        "datetime('2020-01-05 10:00', '-3 hours')",
        "datetime('2020-01-05', '+90 minutes')",
        "datetime('2020-01-05', '+30.5 seconds', 'subsec')",
        "date('2020-02-29', '+1 year')",
        "date('2020-02-29', '-4 YEARS')",
        "datetime('2020-01-05 10:20', '2 day')",
        "date('2020-05-17', 'start of month')",
        "date('2020-05-17', 'start of year')",
        "datetime('2020-05-17 13:45', 'start of day')",
        "date('2020-05-17', 'weekday 0')",
        "date('2020-05-17', 'weekday 1')",
        "datetime('2020-05-17 08:15', 'weekday 6')",
        "date('2020-02-17', 'start of month', '+1 month', '-1 day')",
        "datetime(1577836800, 'unixepoch')",
        "datetime(1577836800.5, 'unixepoch', 'subsec')",
        "datetime('1577836800', 'unixepoch')",
        "datetime(1577836800, 'auto')",
        "datetime(2459000.5, 'auto')",
        "datetime(2459000.5, 'julianday')",
        "datetime('2020-01-05 10:00', '+02:30')",
        "datetime('2020-01-05 10:00', '-01:15:30')",
        "datetime('2020-01-05 10:00:00.250', 'subsec')",
        "time('10:00:00.250', 'subsec')",
        "unixepoch('2020-01-05 10:00:00.250', 'subsec')",
        "date('2020-01-05', '+1 days', '+1 months')",
        "date('garbage')",
        "date('2020-13-01')",
        "date('2020-01-32')",
        "date(NULL)",
        "date('2020-01-05', NULL)",
        "datetime(1577836800, '+1 day', 'unixepoch')",
        "date('2020-01-05', 'unixepoch')",
        "strftime('%Y-%m-%d %H:%M:%S', '2020-01-05 13:04:05.678')",
        "strftime('%f|%j|%J|%s|%w|%%', '2020-01-05 13:04:05.678')",
        "strftime('%W %U %w', '2021-01-01')",
        "strftime('%W %U %w', '2020-12-31')",
        "strftime('%W %U %w', '2018-01-01')",
        "strftime('%W %U %w', '2017-01-01')",
        "strftime('%j', '2020-12-31')",
        "strftime('%s', '1900-01-01')",
        "strftime('%Y', '2020-01-05', '+1 year')",
        "strftime('no substitution', '2020-01-05')",
        "strftime(NULL, '2020-01-05')",
        "strftime('%e|%k|%l|%I|%p|%P|%R|%T|%F|%u', '2020-01-05 13:04:05')",
        "strftime('%e|%k|%l|%I|%p|%P|%u', '2020-01-06 00:30:00')",
        "strftime('%G-%V-%g', '2021-01-01')",
        "strftime('%G-%V-%g', '2024-12-30')",
        "strftime('%G-%V-%g', '2020-12-31')",
    };

    [Theory]
    [MemberData(nameof(Expressions))]
    public void Gives_what_sqlite_gives(string expression) => AssertSame(expression);

    [Fact]
    public void Now_is_the_databases_clock_and_the_same_throughout_a_statement()
    {
        var clock = new FakeTimeProvider(new DateTimeOffset(2026, 3, 14, 15, 9, 26, 535, TimeSpan.Zero));
        using var db = DocStoreDatabase.OpenInMemory(new DocStoreOptions { TimeProvider = clock });
        var one = db.GetCollection("One");
        one.Insert(new BsonDocument { { "_id", 1 } });
        one.Insert(new BsonDocument { { "_id", 2 } });
        var unix = clock.GetUtcNow().ToUnixTimeSeconds();

        var rows = db.Sql.Query("SELECT datetime('now') AS a, date() AS b, unixepoch() AS c, strftime('%f', 'now') AS d, julianday('now') AS e FROM One");
        Assert.Equal(2, rows.Count);
        Assert.Equal(rows[0], rows[1]);
        Assert.Equal(Sqlite($"datetime({unix}, 'unixepoch')"), rows[0]["a"].AsString);
        Assert.Equal(Sqlite($"date({unix}, 'unixepoch')"), rows[0]["b"].AsString);
        Assert.Equal(unix, rows[0]["c"].AsInt64);
        Assert.Equal(clock.GetUtcNow().ToString("ss.fff", CultureInfo.InvariantCulture), rows[0]["d"].AsString);
        Assert.Equal((double)Sqlite($"julianday({clock.GetUtcNow().ToUnixTimeMilliseconds() / 1000.0}, 'unixepoch')")!, rows[0]["e"].AsDouble);

        clock.Advance(TimeSpan.FromDays(1));
        Assert.Equal(Sqlite($"date({unix}, 'unixepoch', '+1 day')"), db.Sql.ExecuteScalar("SELECT date('now') FROM One WHERE _id = 1").AsString);
    }

    [Fact]
    public void Localtime_and_utc_convert_with_the_clocks_zone()
    {
        var zone = TimeZoneInfo.CreateCustomTimeZone("Plus0530", TimeSpan.FromMinutes(330), "Plus0530", "Plus0530");
        var clock = new FakeTimeProvider();
        clock.SetLocalTimeZone(zone);
        using var db = DocStoreDatabase.OpenInMemory(new DocStoreOptions { TimeProvider = clock });
        db.GetCollection("One").Insert(new BsonDocument { { "_id", 1 } });
        var utc = new DateTime(2020, 1, 5, 10, 0, 0, DateTimeKind.Utc);

        var row = db.Sql.Query("SELECT datetime('2020-01-05 10:00', 'localtime') AS l, datetime('2020-01-05 10:00', 'utc') AS u, datetime('2020-01-05 10:00', 'localtime', 'localtime') AS ll FROM One")[0];
        Assert.Equal(Text(TimeZoneInfo.ConvertTimeFromUtc(utc, zone)), row["l"].AsString);
        Assert.Equal(Text(utc - zone.BaseUtcOffset), row["u"].AsString);
        Assert.Equal(row["l"], row["ll"]);
    }

    [Theory]
    [InlineData("SELECT date('2020-01-05', '+1 fortnight') FROM One", "'+1 fortnight'")]
    [InlineData("SELECT date('2020-01-05', 'ceiling') FROM One", "'ceiling'")]
    [InlineData("SELECT date('2020-01-05', 'weekday 9') FROM One", "'weekday 9'")]
    [InlineData("SELECT strftime('%Y-%Q', '2020-01-05') FROM One", "'%Q'")]
    [InlineData("SELECT strftime('100%', '2020-01-05') FROM One", "'%'")]
    public void An_unsupported_modifier_or_substitution_is_an_error_naming_it(string sql, string named)
    {
        var error = Assert.Throws<SqlExecutionException>(() => _db.Sql.Query(sql));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains(named, error.Message, StringComparison.Ordinal);
        Assert.Contains("supported", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_modifier_from_a_parameter_is_checked_when_it_runs()
    {
        Assert.Equal("2020-01-06", _db.Sql.ExecuteScalar("SELECT date('2020-01-05', @m) FROM One", new SqlParameters().Add("m", "+1 day")).AsString);
        var error = Assert.Throws<SqlExecutionException>(() => _db.Sql.Query("SELECT date('2020-01-05', @m) FROM One", new SqlParameters().Add("m", "+1 eon")));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains("'+1 eon'", error.Message, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        _db.Dispose();
        _sqlite.Dispose();
    }

    private static string Text(DateTime value) => value.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);

    private void AssertSame(string expression)
    {
        var expected = Sqlite(expression);
        var actual = _db.Sql.ExecuteScalar($"SELECT {expression} AS v FROM One");
        object? value = actual switch
        {
            BsonNull => null,
            BsonString s => s.Value,
            BsonInt64 l => l.Value,
            BsonInt32 i => (long)i.Value,
            BsonDouble d => d.Value,
            _ => actual.ToString(),
        };
        Assert.Equal(expected, value);
    }

    private object? Sqlite(string expression)
    {
        using var command = _sqlite.CreateCommand();
        command.CommandText = "SELECT " + expression;
        var result = command.ExecuteScalar();
        return result is DBNull ? null : result;
    }
}
