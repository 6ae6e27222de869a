using DocStore.Bson.Model;
using DocStore.Sql.Ast;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Syntax;

namespace DocStore.Sql.Execution;

/// <summary>
/// A column's DEFAULT (docs/sql.md, "Tables"): a literal, or <c>(expr)</c> and <c>CURRENT_TIMESTAMP</c>,
/// <c>CURRENT_DATE</c>, <c>CURRENT_TIME</c>, which SQLite allows when constant (no column, parameter or
/// subquery). CREATE TABLE checks that; a write evaluates an expression for each row that leaves the column
/// out, with the statement's clock, so every row of one statement gets the same time, as in SQLite.
/// </summary>
internal static class DefaultValues
{
    /// <summary>Refuses a DEFAULT expression of <paramref name="statement"/> that is not constant, pointing at it.</summary>
    public static void Check(IPreparedSql prepared, CreateCollectionStatement statement, Transactions.Transaction transaction)
    {
        var catalog = prepared.Owner.Catalog(transaction);
        foreach (var column in statement.Columns ?? [])
        {
            if (column.Default is { } value && !IsLiteral(value))
            {
                _ = new Binder(prepared.Text, catalog, (c, _) => c.Fields(transaction, prepared.Owner.Context), new ParameterMap()).BindConstant(value, column.Name.Text);
            }
        }
    }

    /// <summary>The default of <paramref name="column"/> as stored text, ready to give a value per row of this statement run.</summary>
    public static Func<BsonValue> Compile(string text, string column, ExecState state)
    {
        var expression = SqlParser.ParseExpression(text);
        if (IsLiteral(expression))
        {
            var literal = Literal(expression);
            return () => literal;
        }

        var bound = new Binder(text, state.Catalog, (c, _) => state.Fields(c), new ParameterMap()).BindConstant(expression, column);
        var row = new RowContext(0, 0, 0, [], text) { StatementClock = () => state.Clock };
        return () => DocumentPaths.Storable(BsonValues.ToBson(bound.Eval(row)));
    }

    private static bool IsLiteral(SqlExpression expression) => expression is IntegerLiteral or RealLiteral or StringLiteral or NullLiteral or BooleanLiteral;

    private static BsonValue Literal(SqlExpression expression) => expression switch
    {
        IntegerLiteral integer => new BsonInt64(integer.Value),
        RealLiteral real => new BsonDouble(real.Value),
        StringLiteral text => new BsonString(text.Value),
        BooleanLiteral flag => flag.Value ? BsonBoolean.True : BsonBoolean.False,
        _ => BsonNull.Value,
    };
}
