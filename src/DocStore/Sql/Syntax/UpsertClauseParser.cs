using System.Collections.Immutable;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The <c>ON CONFLICT</c> clauses after an INSERT's rows, as SQLite 3.35 writes them: any number, each
/// <c>[(column, ...)] DO NOTHING</c> or <c>[(column, ...)] DO UPDATE SET path = expr, ... [WHERE expr]</c>;
/// every clause but the last names its target.
/// </summary>
internal sealed class UpsertClauseParser(ParserInput input, NameParser names, ExpressionParser expressions)
{
    /// <summary>True when the current tokens start an <c>ON CONFLICT</c> clause.</summary>
    public bool AtClause() => input.Current.Kind == TokenKind.On && input.IsWord(1, "CONFLICT");

    /// <summary>Every clause from the current token on.</summary>
    public ImmutableArray<UpsertClause> ParseClauses()
    {
        var clauses = ImmutableArray.CreateBuilder<UpsertClause>();
        while (AtClause())
        {
            if (clauses.Count > 0 && clauses[^1].Target.IsEmpty)
            {
                throw input.Error("the end of the statement: only the last ON CONFLICT clause may omit its conflict target '(column, ...)'");
            }

            clauses.Add(ParseClause());
        }

        return clauses.ToImmutable();
    }

    private UpsertClause ParseClause()
    {
        var on = input.Advance();
        input.Advance();
        var target = ImmutableArray<SqlName>.Empty;
        if (input.Current.Kind == TokenKind.LeftParen)
        {
            var open = input.Advance();
            var columns = ImmutableArray.CreateBuilder<SqlName>();
            do
            {
                columns.Add(names.ExpectName("a column name in the conflict target"));
            }
            while (input.Accept(TokenKind.Comma));

            input.ExpectClose(open);
            if (input.Current.Kind == TokenKind.Where)
            {
                throw UnsupportedSyntax.At(input.Sql, input.Current, "a WHERE on the conflict target (partial indexes do not exist)");
            }

            target = columns.ToImmutable();
        }

        input.ExpectWord("DO", "DO after ON CONFLICT");
        if (input.IsWord(0, "NOTHING"))
        {
            input.Advance();
            return new UpsertClause(target, [], null, input.SpanFrom(on));
        }

        input.Expect(TokenKind.Update, "NOTHING or UPDATE after DO");
        input.Expect(TokenKind.Set, "SET after DO UPDATE");
        var assignments = ImmutableArray.CreateBuilder<Assignment>();
        do
        {
            if (input.Current.Kind == TokenKind.LeftParen)
            {
                throw UnsupportedSyntax.At(input.Sql, input.Current, "SET (column, ...) = (...) (assign each column on its own)");
            }

            var path = names.ExpectPath();
            input.Expect(TokenKind.Equal, "'=' after the path");
            var ignored = 0;
            var value = expressions.ParseExpressionInto(ref ignored);
            assignments.Add(new Assignment(path, value, ParserInput.SpanOf(path, value)));
        }
        while (input.Accept(TokenKind.Comma));

        SqlExpression? where = null;
        if (input.Accept(TokenKind.Where))
        {
            var ignored = 0;
            where = expressions.ParseExpressionInto(ref ignored);
        }

        return new UpsertClause(target, assignments.ToImmutable(), where, input.SpanFrom(on));
    }
}
