using DocStore.Sql.Binding;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>A parsed statement list as the executors need it; <see cref="SqlPreparedStatement"/> implements it.</summary>
internal interface IPreparedSql
{
    /// <summary>The SQL text, for error messages.</summary>
    string Text { get; }

    /// <summary>Statement <paramref name="index"/> as parsed.</summary>
    Ast.SqlStatement StatementAt(int index);

    /// <summary>The SQL surface the statements were prepared on.</summary>
    ISqlDatabase Owner { get; }

    /// <summary>Statement <paramref name="index"/>, bound and planned for <paramref name="catalog"/>.</summary>
    CompiledStatement Compiled(int index, SqlCatalog catalog, Transaction transaction);
}
