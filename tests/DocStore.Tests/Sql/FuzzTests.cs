using System.Globalization;
using System.Text;
using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;
using DocStore.Tests.Support;

namespace DocStore.Tests.Sql;

/// <summary>
/// Random inputs from a fixed seed: token soup from the dialect's vocabulary, and valid statements
/// mutated (tokens dropped, duplicated, swapped or replaced, text truncated, characters inserted).
/// Each input must parse or throw <see cref="SqlSyntaxException"/>, and never hang. What parses
/// must also round-trip through the SQL printer.
/// </summary>
public sealed class FuzzTests
{
    private const int Seed = 20_261_126;
    private const int DefaultIterations = 3_000;

    private static readonly string[] s_vocabulary =
    [
        "SELECT", "DISTINCT", "FROM", "AS", "JOIN", "INNER", "LEFT", "OUTER", "ON", "WHERE", "GROUP", "BY", "HAVING",
        "ORDER", "ASC", "DESC", "LIMIT", "OFFSET", "AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN", "LIKE", "TRUE",
        "FALSE", "INSERT", "INTO", "VALUES", "UPDATE", "SET", "DELETE", "CREATE", "UNIQUE", "INDEX", "DROP", "BEGIN",
        "TRANSACTION", "COMMIT", "ROLLBACK", "EXPLAIN", "COUNT", "People", "a", "b", "o", "\"Order\"", "\"\"", "Tags",
        "(", ")", "[", "]", "[]", ",", ".", ";", "*", "+", "-", "/", "%", "||", "=", "==", "<>", "!=", "<", "<=", ">",
        ">=", "!", "|", "0", "42", "9223372036854775808", "1.5", ".5", "1e", "1e999", "'s'", "'it''s'", "'open",
        "@p", "$p", ":p", "?", "@", "{}", "{\"a\": [1, {\"b\": \"}\"}]}", "{", "}", "{\"a\": ]", "--c\n", "/* c */", "/*",
        "\"open", "#", "\t", "\n", "\r\n",
    ];

    private static readonly string[] s_statements = [.. SqlCases.Statements];

    private static int Iterations =>
        int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_FUZZ_ITERATIONS"), NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0
            ? n
            : DefaultIterations;

    [Fact]
    public void Random_token_sequences_parse_or_fail_with_a_syntax_error()
    {
        var random = new Random(Seed);
        for (var i = 0; i < Iterations / 2; i++)
        {
            var text = new StringBuilder();
            var count = random.Next(1, 40);
            for (var t = 0; t < count; t++)
            {
                text.Append(s_vocabulary[random.Next(s_vocabulary.Length)]).Append(random.Next(4) == 0 ? "" : " ");
            }

            Check(text.ToString());
        }
    }

    [Fact]
    public void Mutated_statements_parse_or_fail_with_a_syntax_error()
    {
        var random = new Random(Seed + 1);
        for (var i = 0; i < Iterations / 2; i++)
        {
            Check(Mutate(s_statements[random.Next(s_statements.Length)], random));
        }
    }

    private static string Mutate(string sql, Random random)
    {
        var tokens = Tokens(sql);
        for (var round = random.Next(1, 4); round > 0; round--)
        {
            var at = random.Next(tokens.Count);
            switch (random.Next(6))
            {
                case 0 when tokens.Count > 1:
                    tokens.RemoveAt(at);
                    break;
                case 1:
                    tokens.Insert(at, tokens[at]);
                    break;
                case 2:
                    (tokens[at], tokens[^1]) = (tokens[^1], tokens[at]);
                    break;
                case 3:
                    tokens[at] = s_vocabulary[random.Next(s_vocabulary.Length)];
                    break;
                case 4:
                    var joined = string.Join(' ', tokens);
                    return joined[..random.Next(joined.Length + 1)];
                default:
                    var text = string.Join(' ', tokens);
                    var position = random.Next(text.Length + 1);
                    return text.Insert(position, ((char)random.Next(1, 0x3000)).ToString());
            }
        }

        return string.Join(' ', tokens);
    }

    private static List<string> Tokens(string sql)
    {
        var lexer = new SqlLexer(sql);
        var tokens = new List<string>();
        for (var token = lexer.Next(); token.Kind != TokenKind.EndOfInput; token = lexer.Next())
        {
            tokens.Add(token.Text(sql).ToString());
        }

        return tokens;
    }

    private static void Check(string sql)
    {
        // A thread of its own, so that a parse that never ends fails the test instead of stalling it; the
        // limit only catches such a hang, it measures nothing.
        var run = Task.Factory.StartNew(() => Parse(sql), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        if (!run.Wait(HangGuard.Limit))
        {
            Assert.Fail($"hung: parsing did not end within {HangGuard.Limit.TotalMinutes:0} minutes: {sql}");
        }
    }

    private static void Parse(string sql)
    {
        try
        {
            foreach (var statement in SqlParser.ParseScript(sql))
            {
                // Comments may have swallowed text; a printed statement holds none, so it must round-trip.
                var printed = SqlText.Print(statement);
                var reparsed = SqlParser.ParseStatement(printed);
                Assert.True(SExpression.Print(statement) == SExpression.Print(reparsed), $"Round trip changed the tree of {printed} (from {sql})");
            }
        }
        catch (SqlSyntaxException e)
        {
            Assert.True(e.Position >= 0 && e.Position <= sql.Length, $"Position {e.Position} outside the input: {sql}");
            Assert.Contains("\n", e.Message, StringComparison.Ordinal);
            Assert.EndsWith("^", e.Message, StringComparison.Ordinal);
        }
        catch (Exception e)
        {
            Assert.Fail($"{e.GetType().Name} for input {sql}: {e}");
        }
    }
}
