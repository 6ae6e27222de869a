using System.Globalization;
using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Sql;

/// <summary>
/// Comparisons between a member of a recorded date/time, Guid or decimal type and text convert the text to
/// that type, so they compare by meaning; expected rows come from .NET's own comparison of the typed values.
/// </summary>
public sealed class TemporalAffinityTests
{
    private static readonly string[] Operators = ["=", "<>", "<", "<=", ">", ">="];

    public static TheoryData<string, string> Cases => new()
    {
        { "Joined", "2020-01-05" },
        { "Joined", "2020-01-05T09:15:30" },
        { "Joined", "2031-07-04T12:00:00Z" },
        { "Ended", "2020-01-20" },
        { "Seen", "2024-01-01T10:00:00Z" },
        { "Seen", "2024-01-01T12:00:00+02:00" },
        { "Seen", "2023-12-31T23:00:00-05:00" },
        { "Born", "1990-01-01" },
        { "Starts", "09:30" },
        { "Starts", "10:15:20" },
        { "Shift", "01:30:00" },
        { "Shift", "1.06:00:00" },
        { "Badge", new Guid(3, 0x1234, 0x5678, [1, 2, 3, 4, 5, 6, 7, 3]).ToString() },
        { "Salary", "6100" },
        { "Salary", "5000.5" },
    };

    [Fact]
    public void The_two_queries_that_returned_every_row_and_none_compare_as_dates()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var after = RosterData.Rows.Where(r => r.Joined > new DateTime(2020, 1, 5));
        var before = RosterData.Rows.Where(r => r.Joined < new DateTime(2030, 1, 5));

        Assert.Equal(RosterData.Ids(after), RosterData.Ids(db, "SELECT * FROM People WHERE Joined > '2020-01-05'"));
        Assert.Equal(RosterData.Ids(before), RosterData.Ids(db, "SELECT * FROM People WHERE Joined < '2030-01-05'"));
        Assert.NotEqual(RosterData.Rows.Length, after.Count());
        Assert.NotEmpty(before);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Every_operator_with_a_text_literal_or_parameter_compares_as_the_member_type(string member, string text)
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var value = Parse(member, text);
        foreach (var op in Operators)
        {
            var expected = RosterData.Ids(RosterData.Rows.Where(r => Get(r, member) is { } v && Holds(op, v.CompareTo(value))));
            Assert.Equal(expected, RosterData.Ids(db, $"SELECT Id FROM People WHERE {member} {op} '{text}'"));
            Assert.Equal(expected, RosterData.Ids(db, $"SELECT Id FROM People WHERE {member} {op} @v", new SqlParameters().Add("v", text)));

            // The text on the left reads the same.
            var mirrored = RosterData.Ids(RosterData.Rows.Where(r => Get(r, member) is { } v && Holds(op, -v.CompareTo(value))));
            Assert.Equal(mirrored, RosterData.Ids(db, $"SELECT Id FROM People WHERE '{text}' {op} {member}"));
        }
    }

    [Fact]
    public void Between_and_in_convert_each_bound_and_item()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var (from, to) = (new DateTime(2020, 1, 1), new DateTime(2024, 12, 31));
        var expected = RosterData.Ids(RosterData.Rows.Where(r => r.Joined >= from && r.Joined <= to));
        Assert.Equal(expected, RosterData.Ids(db, "SELECT Id FROM People WHERE Joined BETWEEN @from AND @to", new SqlParameters().Add("from", "2020-01-01").Add("to", "2024-12-31")));
        Assert.Equal(expected, RosterData.Ids(db, "SELECT Id FROM People WHERE Joined BETWEEN '2020-01-01' AND '2024-12-31'"));
        Assert.Equal(
            RosterData.Ids(RosterData.Rows.Where(r => !(r.Joined >= from && r.Joined <= to))),
            RosterData.Ids(db, "SELECT Id FROM People WHERE Joined NOT BETWEEN '2020-01-01' AND '2024-12-31'"));

        var days = new[] { new DateOnly(1990, 1, 1), new DateOnly(1979, 2, 28) };
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => days.Contains(r.Born))), RosterData.Ids(db, "SELECT Id FROM People WHERE Born IN ('1990-01-01', @b)", new SqlParameters().Add("b", "1979-02-28")));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Joined == new DateTime(2020, 1, 5))), RosterData.Ids(db, "SELECT Id FROM People WHERE Joined IN ('2020-01-05', '1999-01-01')"));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Starts < new TimeOnly(9, 30))), RosterData.Ids(db, "SELECT Id FROM People WHERE Starts < '09:30'"));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Born == new DateOnly(1990, 1, 1))), RosterData.Ids(db, "SELECT Id FROM People WHERE Born = '1990-01-01'"));
    }

    [Theory]
    [InlineData("Joined")]
    [InlineData("Ended")]
    [InlineData("Seen")]
    [InlineData("Born")]
    [InlineData("Starts")]
    [InlineData("Shift")]
    [InlineData("Badge")]
    [InlineData("Salary")]
    public void Order_group_and_distinct_follow_the_member_type(string member)
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var ordered = RosterData.Rows.OrderBy(r => Get(r, member) is null ? 0 : 1).ThenBy(r => Get(r, member)).ThenBy(r => r.Id).Select(r => r.Id);
        Assert.Equal(string.Join(",", ordered), RosterData.Ids(db, $"SELECT Id FROM People ORDER BY {member}, Id", ordered: true));
        Assert.Equal(string.Join(",", ordered.Reverse()), RosterData.Ids(db, $"SELECT Id FROM People ORDER BY {member} DESC, Id DESC", ordered: true));

        var groups = RosterData.Rows.GroupBy(r => Get(r, member)).Select(g => g.Count()).Order();
        Assert.Equal(groups, db.Sql.Query($"SELECT COUNT(*) AS n FROM People GROUP BY {member}").Select(d => (int)d["n"].ToDouble()).Order());
        Assert.Equal(groups.Count(), db.Sql.Query($"SELECT DISTINCT {member} FROM People").Count);
    }

    [Fact]
    public void Two_offsets_of_one_instant_are_equal_and_each_row_keeps_its_own()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        Assert.Equal("1,2", RosterData.Ids(db, "SELECT Id FROM People WHERE Seen = '2024-01-01T10:00:00Z'"));
        var seen = db.Sql.Query("SELECT Id, Seen FROM People WHERE Id IN (1, 2) ORDER BY Id");
        Assert.Equal([RosterData.Rows[0].Seen.Offset, RosterData.Rows[1].Seen.Offset], seen.Select(d => Offset(d["Seen"])));
    }

    [Fact]
    public void A_returned_or_copied_value_keeps_its_stored_bytes()
    {
        using var temp = new TempDatabase();
        using (var db = RosterData.Open(temp))
        {
            var stored = db.GetCollection("People").Get(4)!;
            var returned = db.Sql.Query("SELECT Joined, Seen, Born, Starts, Shift, Badge, Salary FROM People WHERE Id = 4")[0];
            foreach (var element in returned)
            {
                Assert.Equal(stored[element.Name], element.Value);
            }

            // Copied by UPDATE from a subquery and through a parameter that holds a returned value.
            Assert.Equal(1, db.Sql.Execute("UPDATE People SET Seen = (SELECT Seen FROM People WHERE Id = 4), Joined = (SELECT Joined FROM People WHERE Id = 4) WHERE Id = 1"));
            Assert.Equal(1, db.Sql.Execute("UPDATE People SET Born = @born, Shift = @shift WHERE Id = 2", new SqlParameters().Add("born", returned["Born"]).Add("shift", returned["Shift"])));
            db.Sql.Execute("ALTER COLLECTION People RENAME TO Roster");
        }

        using var typed = AppDb.Open(temp.Path, TempDatabase.Options);
        var source = RosterData.Rows[3];
        var one = typed.Roster.Get(1)!;
        Assert.True(one.Seen.EqualsExact(source.Seen), $"{one.Seen:O} != {source.Seen:O}");
        Assert.Equal((source.Joined.Ticks, source.Joined.Kind), (one.Joined.Ticks, one.Joined.Kind));
        var two = typed.Roster.Get(2)!;
        Assert.Equal((source.Born, source.Shift), (two.Born, two.Shift));
    }

    [Fact]
    public void A_date_range_on_an_indexed_member_uses_the_index_for_literals_and_parameters()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        foreach (var (sql, access, index, parameters) in new (string, string, string, SqlParameters?)[]
        {
            ("SELECT Id FROM People WHERE Joined > '2020-01-05'", "index range", "Joined", null),
            ("SELECT Id FROM People WHERE Joined BETWEEN @from AND @to", "index range", "Joined", new SqlParameters().Add("from", "2020-01-01").Add("to", "2024-12-31")),
            ("SELECT Id FROM People WHERE Joined = '2020-01-05'", "index seek", "Joined", null),
            ("SELECT Id FROM People WHERE Seen >= '2024-01-01T12:00:00+02:00'", "index range", "Seen", null),
        })
        {
            var plan = Assert.Single(db.Sql.Query("EXPLAIN " + sql, parameters));
            Assert.Equal((access, index), (plan["access"].AsString, plan["index"].AsString));
        }

        var (from, to) = (new DateTime(2020, 1, 1), new DateTime(2024, 12, 31));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Joined >= from && r.Joined <= to)), RosterData.Ids(db, "SELECT Id FROM People WHERE Joined BETWEEN @from AND @to", new SqlParameters().Add("from", "2020-01-01").Add("to", "2024-12-31")));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Joined == new DateTime(2020, 1, 5))), RosterData.Ids(db, "SELECT Id FROM People WHERE Joined = '2020-01-05'"));
        var instant = new DateTimeOffset(2024, 1, 1, 12, 0, 0, TimeSpan.FromHours(2));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Seen >= instant)), RosterData.Ids(db, "SELECT Id FROM People WHERE Seen >= '2024-01-01T12:00:00+02:00'"));
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Seen == instant)), RosterData.Ids(db, "SELECT Id FROM People WHERE Seen = @at", new SqlParameters().Add("at", "2024-01-01T10:00:00Z")));
        Assert.Equal(
            string.Join(",", RosterData.Rows.Where(r => r.Joined > from).OrderByDescending(r => r.Joined).Select(r => r.Id)),
            RosterData.Ids(db, "SELECT Id FROM People WHERE Joined > '2020-01-01' ORDER BY Joined DESC", ordered: true));
    }

    [Theory]
    [InlineData("SELECT Id FROM People WHERE Joined > 'yesterday'", "'yesterday'", "Joined")]
    [InlineData("SELECT Id FROM People WHERE Born BETWEEN '1990-01-01' AND '1990-02-30'", "'1990-02-30'", "Born")]
    [InlineData("SELECT Id FROM People WHERE Badge = 'not-a-guid'", "'not-a-guid'", "Badge")]
    [InlineData("SELECT Id FROM People WHERE Starts IN ('09:30', 'noon')", "'noon'", "Starts")]
    public void Text_that_is_not_a_value_of_the_member_type_is_an_error_naming_both(string sql, string text, string member)
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query(sql));
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains(text, error.Message, StringComparison.Ordinal);
        Assert.Contains($"'{member}'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_parameter_that_is_not_a_value_of_the_member_type_is_an_error_naming_both()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT Id FROM People WHERE Joined < @at", new SqlParameters().Add("at", "soon")));
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains("'soon'", error.Message, StringComparison.Ordinal);
        Assert.Contains("'Joined'", error.Message, StringComparison.Ordinal);
    }

    private static bool Holds(string op, int order) => op switch
    {
        "=" => order == 0,
        "<>" => order != 0,
        "<" => order < 0,
        "<=" => order <= 0,
        ">" => order > 0,
        _ => order >= 0,
    };

    private static IComparable? Get(Staffer row, string member) => member switch
    {
        "Joined" => row.Joined,
        "Ended" => row.Ended,
        "Seen" => row.Seen,
        "Born" => row.Born,
        "Starts" => row.Starts,
        "Shift" => row.Shift,
        "Badge" => row.Badge,
        _ => row.Salary,
    };

    private static IComparable Parse(string member, string text) => member switch
    {
        "Joined" or "Ended" => DateTime.Parse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind),
        "Seen" => DateTimeOffset.Parse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind),
        "Born" => DateOnly.Parse(text, CultureInfo.InvariantCulture),
        "Starts" => TimeOnly.Parse(text, CultureInfo.InvariantCulture),
        "Shift" => TimeSpan.Parse(text, CultureInfo.InvariantCulture),
        "Badge" => Guid.Parse(text),
        _ => decimal.Parse(text, CultureInfo.InvariantCulture),
    };

    private static TimeSpan Offset(BsonValue value)
    {
        var payload = ((BsonBinaryData)value).Span;
        return TimeSpan.FromMinutes(BitConverter.ToInt16(payload[8..]));
    }
}
