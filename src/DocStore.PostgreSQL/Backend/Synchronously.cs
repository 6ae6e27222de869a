namespace DocStore.PostgreSQL.Backend;

/// <summary>
/// The result of an operation run with <c>async: false</c>: every await in it met a completed task (Npgsql's
/// synchronous calls), so the result is there and nothing blocks.
/// </summary>
internal static class Synchronously
{
    public static T Result<T>(ValueTask<T> operation)
    {
        if (!operation.IsCompleted)
        {
            throw new InvalidOperationException("A synchronous PostgreSQL operation did not complete synchronously.");
        }

        return operation.GetAwaiter().GetResult();
    }

    public static void Run(ValueTask operation)
    {
        if (!operation.IsCompleted)
        {
            throw new InvalidOperationException("A synchronous PostgreSQL operation did not complete synchronously.");
        }

        operation.GetAwaiter().GetResult();
    }
}
